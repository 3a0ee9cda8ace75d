-- Issue 17's loyalty leftovers (docs/loyalty.md, docs/missions.md): the "mission completed" push,
-- goods names per language, and the retry of decided redeems whose money did not move.

-- When the member was told (MISSION push) that this row became claimable; NULL: not yet. Rows
-- already claimable now were seen on the page: they are not pushed.
ALTER TABLE mission_progress ADD COLUMN notified_at timestamptz;
UPDATE mission_progress SET notified_at = now() WHERE status <> 'in_process';
-- The rows still to push: few at any moment (pushed within seconds, or by the minute's job).
CREATE INDEX mission_progress_to_notify ON mission_progress (member_id)
  WHERE status = 'claimable' AND notified_at IS NULL;

-- Goods' names and descriptions per language ({"pt-BR": …, "en": …}). `name` and `description`
-- stay, holding the pt-BR texts: the fallback of a language left empty, and the name a redeem
-- keeps (mall_redemptions.goods_name).
ALTER TABLE mall_goods ADD COLUMN names jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE mall_goods ADD COLUMN descriptions jsonb NOT NULL DEFAULT '{}'::jsonb;
UPDATE mall_goods
SET names = jsonb_build_object('pt-BR', name, 'en', name),
    descriptions = jsonb_build_object('pt-BR', description, 'en', description);

-- When a decided redeem's money movement was done (approve: the cash voucher paid or the bonus
-- granted; reject: the points given back); NULL on a decided row: the job
-- rewards.mall-settle posts it again with the same key. Physical goods and conversions move
-- nothing at the decision. Rows decided before this migration are left NULL: the job posts
-- them once more, which the keys make a no-op where the money already moved.
ALTER TABLE mall_redemptions ADD COLUMN settled_at timestamptz;
UPDATE mall_redemptions SET settled_at = coalesce(decided_at, created_at)
WHERE goods_id IS NULL
   OR (status = 'approved'
       AND (value_minor = 0 OR goods_id IN (SELECT id FROM mall_goods WHERE kind = 'physical')));
CREATE INDEX mall_redemptions_to_settle ON mall_redemptions (decided_at)
  WHERE status <> 'in_process' AND settled_at IS NULL;
