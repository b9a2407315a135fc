CREATE INDEX "analyses_waiting_idx" ON "analyses" USING btree ("environment_id","created_at","id") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "analyses_in_flight_idx" ON "analyses" USING btree ("environment_id") WHERE status = 'pending' and not awaiting_final_status;--> statement-breakpoint
-- The claim (server/pipeline/claim.ts says how it chooses) without reading the whole backlog: the
-- statement of 0033 read every waiting analysis at every claim, so one organisation's backlog of
-- 100 000 mails made each claim of every organisation cost that much, under the lock claims take in
-- turn. The same choice is now made from the oldest waiting analysis of each environment that has
-- any (found by walking analyses_waiting_idx one environment at a time) and the runs in progress
-- or whose lease ran out (few, read from analyses_in_flight_idx, without the analyses awaiting a
-- final status): the first analysis in the order of 0033 is always among those. When
-- that analysis is locked by another statement (a user aborting it) or no longer claimable, 0033's
-- statement decides, as before.
CREATE OR REPLACE FUNCTION postroom_claim_analysis(worker text, lease_ms integer, max_runs integer, lock_key integer)
RETURNS TABLE (id text, environment_id text, name text, input_type text, metadata jsonb, manual_final_status boolean,
  run integer, claims integer, created_at timestamptz, previous_status text, previous_worker text, settings_version text,
  next_step integer)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  candidate text;
  candidate_organisation text;
  claimed text;
  was_status analysis_status;
  was_worker text;
BEGIN
  -- Claims take turns: held until the calling statement's transaction ends, the claim committed.
  PERFORM pg_advisory_xact_lock(lock_key);
  -- New statements after the lock: in a VOLATILE function each takes a new snapshot, which sees every
  -- claim committed before ours.
  WITH RECURSIVE waiting_environments AS (
    (SELECT w.environment_id FROM analyses w WHERE w.status = 'waiting' ORDER BY w.environment_id LIMIT 1)
    UNION ALL
    SELECT (SELECT w.environment_id FROM analyses w
            WHERE w.status = 'waiting' AND w.environment_id > s.environment_id
            ORDER BY w.environment_id LIMIT 1)
    FROM waiting_environments s
    WHERE s.environment_id IS NOT NULL
  ),
  in_flight AS (
    SELECT q.id, q.environment_id, q.created_at, q.lease_expires_at
    FROM analyses q
    WHERE q.status = 'pending' AND NOT q.awaiting_final_status
  ),
  candidates AS (
    SELECT oldest.id, oldest.created_at, s.environment_id
    FROM waiting_environments s
    CROSS JOIN LATERAL (
      SELECT w.id, w.created_at FROM analyses w
      WHERE w.status = 'waiting' AND w.environment_id = s.environment_id
      ORDER BY w.created_at, w.id
      LIMIT 1
    ) oldest
    UNION ALL
    SELECT f.id, f.created_at, f.environment_id FROM in_flight f WHERE f.lease_expires_at < now()
  ),
  candidates_of AS (
    SELECT c.id, c.created_at, e.priority, p.organisation_id
    FROM candidates c
    JOIN environments e ON e.id = c.environment_id
    JOIN projects p ON p.id = e.project_id
  ),
  running AS (
    SELECT p.organisation_id, count(*) AS running
    FROM in_flight f
    JOIN environments e ON e.id = f.environment_id
    JOIN projects p ON p.id = e.project_id
    WHERE f.lease_expires_at >= now()
    GROUP BY p.organisation_id
  ),
  tenants AS (
    SELECT c.organisation_id, coalesce(max(r.running), 0) AS running, min(c.created_at) AS oldest
    FROM candidates_of c
    LEFT JOIN running r ON r.organisation_id = c.organisation_id
    GROUP BY c.organisation_id
  ),
  chosen AS (
    SELECT t.organisation_id
    FROM tenants t LEFT JOIN queue_turns turn ON turn.organisation_id = t.organisation_id
    WHERE t.running < max_runs
    ORDER BY t.running, turn.served_at NULLS FIRST, t.oldest, t.organisation_id
    LIMIT 1
  )
  SELECT c.id, c.organisation_id INTO candidate, candidate_organisation
  FROM candidates_of c
  WHERE c.organisation_id = (SELECT organisation_id FROM chosen)
  ORDER BY c.priority DESC, c.created_at, c.id
  LIMIT 1;

  IF candidate IS NULL THEN
    RETURN;
  END IF;

  -- Taken as 0033 takes it: passed over while another statement holds it, and only still claimable.
  SELECT q.id, q.status, q.claimed_by INTO claimed, was_status, was_worker
  FROM analyses q
  WHERE q.id = candidate
    AND (q.status = 'waiting' OR (q.status = 'pending' AND NOT q.awaiting_final_status AND q.lease_expires_at < now()))
  FOR UPDATE SKIP LOCKED;

  IF claimed IS NULL THEN
    -- The candidate was locked or changed meanwhile: the whole queue decides, with 0033's choice.
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
    )
    SELECT q.id, q.status, q.claimed_by, c.organisation_id INTO claimed, was_status, was_worker, candidate_organisation
    FROM analyses q
    JOIN queue c ON c.id = q.id
    WHERE c.claimable AND c.organisation_id = (SELECT organisation_id FROM chosen)
    ORDER BY c.priority DESC, c.created_at, c.id
    LIMIT 1
    FOR UPDATE OF q SKIP LOCKED;

    IF claimed IS NULL THEN
      RETURN;
    END IF;
  END IF;

  INSERT INTO queue_turns (organisation_id, served_at)
  VALUES (candidate_organisation, clock_timestamp())
  ON CONFLICT (organisation_id) DO UPDATE SET served_at = excluded.served_at;

  RETURN QUERY
  UPDATE analyses AS a SET
    status = 'pending',
    claimed_by = worker,
    lease_expires_at = now() + lease_ms * interval '1 millisecond',
    claims = CASE WHEN a.status = 'waiting' THEN 1 ELSE a.claims + 1 END,
    started_at = CASE WHEN a.status = 'waiting' THEN now() ELSE a.started_at END,
    finished_at = NULL,
    awaiting_final_status = false
  WHERE a.id = claimed
  RETURNING a.id, a.environment_id, a.name, a.input_type::text, a.metadata, a.manual_final_status, a.run, a.claims,
    a.created_at, was_status::text, was_worker,
    (SELECT e.xmin::text FROM environments e WHERE e.id = a.environment_id),
    (SELECT coalesce(max(t.step) + 1, 0)::integer FROM analysis_trace t WHERE t.analysis_id = a.id AND t.run = a.run);
END
$$;
