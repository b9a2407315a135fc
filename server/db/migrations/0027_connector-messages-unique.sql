-- A message is recorded once per connector. Runs that forced duplicates used to add a second row for
-- the same message: keep the newest (its analysis is the one written back from now on), then make it
-- impossible for two overlapping runs to record a message twice.
DELETE FROM "connector_messages" AS "older" USING "connector_messages" AS "newer"
WHERE "older"."connector_id" = "newer"."connector_id" AND "older"."message_id" = "newer"."message_id"
  AND ("older"."created_at", "older"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
DROP INDEX "connector_messages_seen_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "connector_messages_message_idx" ON "connector_messages" USING btree ("connector_id","message_id");
