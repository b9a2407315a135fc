-- What the extractor made of each message of a test run, for trying a configuration change in the
-- browser on the run's messages. Runs from before have none: their messages cannot be replayed.
ALTER TABLE "testing_run_messages" ADD COLUMN "replay_input" jsonb;