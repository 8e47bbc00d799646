CREATE TABLE "queued_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"about" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp,
	"last_error" text,
	"sent_at" timestamp,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queued_emails_due_idx" ON "queued_emails" USING btree ("next_attempt_at") WHERE "queued_emails"."status" = 'pending';--> statement-breakpoint
-- Wakes the processes that send e-mails when a transaction queued some: NOTIFY is delivered at
-- commit, and not at all when the transaction rolls back.
CREATE FUNCTION notify_queued_emails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('queued_emails', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER queued_emails_notify AFTER INSERT ON "queued_emails"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_queued_emails();
