-- VN/SEA lotteries' real schedules and the common bet variants (issue 18 §2; modules/lottery,
-- docs/lottery.md "VN and SEA lotteries"): draws on given weekdays only, the southern and
-- central provinces as their own games on their days, ba càng and đá 2 số.

-- The ISO weekdays (1 Monday … 7 Sunday, in the game's zone) a game draws on; null: every day.
-- Its region (Miền Bắc / Trung / Nam) groups the provinces in the menus.
ALTER TABLE lottery_games
  ADD COLUMN draw_weekdays smallint[]
    CHECK (draw_weekdays IS NULL OR (cardinality(draw_weekdays) BETWEEN 1 AND 7
           AND draw_weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[])),
  ADD COLUMN region text CHECK (region IN ('north', 'central', 'south'));

UPDATE lottery_games SET region = 'north' WHERE game_code = 'LOTT_MB';
UPDATE lottery_games SET region = 'central' WHERE game_code = 'LOTT_MT';
UPDATE lottery_games SET region = 'south' WHERE game_code = 'LOTT_MN';
-- Magnum 4D draws on Wednesday, Saturday and Sunday.
UPDATE lottery_games SET draw_weekdays = ARRAY[3, 6, 7] WHERE game_code = 'SEA_4D';

-- The one southern and one central game stood for their regions: the provinces replace them.
-- Kept (off) where draws reference them, so their slips, results and bet records stay readable.
DELETE FROM lottery_bet_types b
WHERE b.game_code IN ('LOTT_MN', 'LOTT_MT')
  AND NOT EXISTS (SELECT 1 FROM lottery_draws d WHERE d.game_code = b.game_code);
DELETE FROM lottery_games g
WHERE g.game_code IN ('LOTT_MN', 'LOTT_MT')
  AND NOT EXISTS (SELECT 1 FROM lottery_draws d WHERE d.game_code = g.game_code);
UPDATE lottery_games SET enabled = false, updated_at = now() WHERE game_code IN ('LOTT_MN', 'LOTT_MT');

-- The provinces' weekly schedule (xổ số kiến thiết): south at 16:15, central at 17:15
-- (Asia/Ho_Chi_Minh), results from the feed like the regions' games before them.
INSERT INTO lottery_games (game_code, kind, prize_mode, name_en, name_pt, interval_seconds, close_seconds,
                           results_source, draw_time, time_zone, draw_weekdays, region, sort_order)
SELECT p.code, 'vn_south', 'LOTT', p.name, p.name, 86400, 900, 'feed', p.draw_time,
       'Asia/Ho_Chi_Minh', p.days::smallint[], p.region, p.sort_order
FROM (VALUES
  ('LOTT_MT_TTH', 'Thừa Thiên Huế', 'central', '17:15', ARRAY[1, 7], 30),
  ('LOTT_MT_PY', 'Phú Yên', 'central', '17:15', ARRAY[1], 31),
  ('LOTT_MT_DLK', 'Đắk Lắk', 'central', '17:15', ARRAY[2], 32),
  ('LOTT_MT_QNM', 'Quảng Nam', 'central', '17:15', ARRAY[2], 33),
  ('LOTT_MT_DNG', 'Đà Nẵng', 'central', '17:15', ARRAY[3, 6], 34),
  ('LOTT_MT_KH', 'Khánh Hòa', 'central', '17:15', ARRAY[3, 7], 35),
  ('LOTT_MT_BDH', 'Bình Định', 'central', '17:15', ARRAY[4], 36),
  ('LOTT_MT_QT', 'Quảng Trị', 'central', '17:15', ARRAY[4], 37),
  ('LOTT_MT_QB', 'Quảng Bình', 'central', '17:15', ARRAY[4], 38),
  ('LOTT_MT_GL', 'Gia Lai', 'central', '17:15', ARRAY[5], 39),
  ('LOTT_MT_NT', 'Ninh Thuận', 'central', '17:15', ARRAY[5], 40),
  ('LOTT_MT_QNG', 'Quảng Ngãi', 'central', '17:15', ARRAY[6], 41),
  ('LOTT_MT_DNO', 'Đắk Nông', 'central', '17:15', ARRAY[6], 42),
  ('LOTT_MT_KT', 'Kon Tum', 'central', '17:15', ARRAY[7], 43),
  ('LOTT_MN_HCM', 'TP. Hồ Chí Minh', 'south', '16:15', ARRAY[1, 6], 50),
  ('LOTT_MN_DT', 'Đồng Tháp', 'south', '16:15', ARRAY[1], 51),
  ('LOTT_MN_CM', 'Cà Mau', 'south', '16:15', ARRAY[1], 52),
  ('LOTT_MN_BTR', 'Bến Tre', 'south', '16:15', ARRAY[2], 53),
  ('LOTT_MN_VT', 'Vũng Tàu', 'south', '16:15', ARRAY[2], 54),
  ('LOTT_MN_BL', 'Bạc Liêu', 'south', '16:15', ARRAY[2], 55),
  ('LOTT_MN_DN', 'Đồng Nai', 'south', '16:15', ARRAY[3], 56),
  ('LOTT_MN_CT', 'Cần Thơ', 'south', '16:15', ARRAY[3], 57),
  ('LOTT_MN_ST', 'Sóc Trăng', 'south', '16:15', ARRAY[3], 58),
  ('LOTT_MN_TN', 'Tây Ninh', 'south', '16:15', ARRAY[4], 59),
  ('LOTT_MN_AG', 'An Giang', 'south', '16:15', ARRAY[4], 60),
  ('LOTT_MN_BTH', 'Bình Thuận', 'south', '16:15', ARRAY[4], 61),
  ('LOTT_MN_VL', 'Vĩnh Long', 'south', '16:15', ARRAY[5], 62),
  ('LOTT_MN_BD', 'Bình Dương', 'south', '16:15', ARRAY[5], 63),
  ('LOTT_MN_TV', 'Trà Vinh', 'south', '16:15', ARRAY[5], 64),
  ('LOTT_MN_LA', 'Long An', 'south', '16:15', ARRAY[6], 65),
  ('LOTT_MN_BP', 'Bình Phước', 'south', '16:15', ARRAY[6], 66),
  ('LOTT_MN_HG', 'Hậu Giang', 'south', '16:15', ARRAY[6], 67),
  ('LOTT_MN_TG', 'Tiền Giang', 'south', '16:15', ARRAY[7], 68),
  ('LOTT_MN_KG', 'Kiên Giang', 'south', '16:15', ARRAY[7], 69),
  ('LOTT_MN_DL', 'Đà Lạt', 'south', '16:15', ARRAY[7], 70)
) AS p (code, name, region, draw_time, days, sort_order);

-- The provinces' odds: the southern tables of 0039 (lottery-vn-rules.ts VN_DEFAULT_ODDS_E4).
INSERT INTO lottery_bet_types (game_code, bet_type, rtp_bps, odds_tiers_e4)
SELECT g.game_code, t.bet_type, t.rtp_bps, t.tiers
FROM lottery_games g
JOIN (VALUES
  ('lo2', 9500, ARRAY[950000]), ('lo3', 9000, ARRAY[9000000]),
  ('de', 9500, ARRAY[950000]), ('de_dau', 9500, ARRAY[950000]),
  ('xien2', 8876, ARRAY[340000]), ('xien3', 9000, ARRAY[2300000]),
  ('xien4', 8883, ARRAY[16000000])
) AS t (bet_type, rtp_bps, tiers) ON true
WHERE g.region IN ('central', 'south') AND g.game_code NOT IN ('LOTT_MN', 'LOTT_MT');

-- Ba càng (3-digit đề: the special prize's last 3 digits) at 900 per point, 90 %, everywhere;
-- đá 2 số (both numbers among the 2-digit endings, a point costing 36) at 1,200, 87.53 %, in the
-- south and central provinces.
INSERT INTO lottery_bet_types (game_code, bet_type, rtp_bps, odds_tiers_e4)
SELECT g.game_code, 'de3', 9000, ARRAY[9000000]
FROM lottery_games g WHERE g.kind IN ('vn_north', 'vn_south');
INSERT INTO lottery_bet_types (game_code, bet_type, rtp_bps, odds_tiers_e4)
SELECT g.game_code, 'da2', 8753, ARRAY[12000000]
FROM lottery_games g WHERE g.kind = 'vn_south';
