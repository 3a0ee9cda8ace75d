-- The reward parts now count settled rounds through one event handler (rewards/settled-rounds.ts)
-- instead of five. Deliveries still pending under the old names move to the new one, so an
-- event dispatched before the upgrade is still counted, once (each part keys what it counts).
INSERT INTO event_deliveries (event_id, handler, next_attempt_at)
SELECT event_id,
       CASE WHEN handler IN ('rewards.promotion-round', 'rewards.mission-round', 'rewards.bonusWageringRound')
            THEN 'rewards.settled-round' ELSE 'rewards.settled-rounds' END,
       min(next_attempt_at)
FROM event_deliveries
WHERE status = 'pending'
  AND handler IN ('rewards.promotion-rounds', 'rewards.vip-rounds', 'rewards.points-rounds',
                  'rewards.mission-rounds', 'rewards.bonusWagering', 'rewards.promotion-round',
                  'rewards.mission-round', 'rewards.bonusWageringRound')
GROUP BY 1, 2
ON CONFLICT DO NOTHING;

DELETE FROM event_deliveries
WHERE status = 'pending'
  AND handler IN ('rewards.promotion-rounds', 'rewards.vip-rounds', 'rewards.points-rounds',
                  'rewards.mission-rounds', 'rewards.bonusWagering', 'rewards.promotion-round',
                  'rewards.mission-round', 'rewards.bonusWageringRound');
