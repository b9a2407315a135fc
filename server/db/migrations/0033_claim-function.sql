-- The claim of one analysis (server/pipeline/claim.ts, which says how it chooses) as a function, so
-- that a session plans its statements once: planning the fair queue's statement cost more than
-- running it, at every claim. claim.ts calls it; change both together (CREATE OR REPLACE in a new
-- migration).
CREATE OR REPLACE FUNCTION postroom_claim_analysis(worker text, lease_ms integer, max_runs integer, lock_key integer)
RETURNS TABLE (id text, environment_id text, name text, input_type text, metadata jsonb, manual_final_status boolean,
  run integer, claims integer, created_at timestamptz, previous_status text, previous_worker text, settings_version text,
  next_step integer)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  -- Claims take turns: held until the calling statement's transaction ends, the claim committed.
  PERFORM pg_advisory_xact_lock(lock_key);
  -- A new statement after the lock: in a VOLATILE function it takes a new snapshot, which sees every
  -- claim committed before ours.
  RETURN QUERY
  WITH queue AS (
    SELECT q.id, p.organisation_id, e.priority, q.created_at,
      (q.status = 'waiting' OR (NOT q.awaiting_final_status AND q.lease_expires_at < now())) AS claimable,
      (q.status = 'pending' AND NOT q.awaiting_final_status AND q.lease_expires_at >= now()) AS running
    FROM analyses q
    JOIN environments e ON e.id = q.environment_id
    JOIN projects p ON p.id = e.project_id
    WHERE q.status IN ('waiting', 'pending')
  ),
  tenants AS (
    SELECT organisation_id, count(*) FILTER (WHERE running) AS running, min(created_at) FILTER (WHERE claimable) AS oldest
    FROM queue
    GROUP BY organisation_id
  ),
  chosen AS (
    SELECT t.organisation_id
    FROM tenants t LEFT JOIN queue_turns turn ON turn.organisation_id = t.organisation_id
    WHERE t.oldest IS NOT NULL AND t.running < max_runs
    ORDER BY t.running, turn.served_at NULLS FIRST, t.oldest, t.organisation_id
    LIMIT 1
  ),
  next AS (
    SELECT q.id, q.status AS previous_status, q.claimed_by AS previous_worker, c.organisation_id
    FROM analyses q
    JOIN queue c ON c.id = q.id
    WHERE c.claimable AND c.organisation_id = (SELECT organisation_id FROM chosen)
    ORDER BY c.priority DESC, c.created_at, c.id
    LIMIT 1
    FOR UPDATE OF q SKIP LOCKED
  ),
  turn AS (
    INSERT INTO queue_turns (organisation_id, served_at)
    SELECT organisation_id, clock_timestamp() FROM next
    ON CONFLICT (organisation_id) DO UPDATE SET served_at = excluded.served_at
  )
  UPDATE analyses AS a SET
    status = 'pending',
    claimed_by = worker,
    lease_expires_at = now() + lease_ms * interval '1 millisecond',
    claims = CASE WHEN a.status = 'waiting' THEN 1 ELSE a.claims + 1 END,
    started_at = CASE WHEN a.status = 'waiting' THEN now() ELSE a.started_at END,
    finished_at = NULL,
    awaiting_final_status = false
  FROM next
  WHERE a.id = next.id
  RETURNING a.id, a.environment_id, a.name, a.input_type::text, a.metadata, a.manual_final_status, a.run, a.claims,
    a.created_at, next.previous_status::text, next.previous_worker,
    (SELECT e.xmin::text FROM environments e WHERE e.id = a.environment_id),
    (SELECT coalesce(max(t.step) + 1, 0)::integer FROM analysis_trace t WHERE t.analysis_id = a.id AND t.run = a.run);
END
$$;
