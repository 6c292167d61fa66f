ALTER TABLE "jobs" ADD COLUMN "requester" text;--> statement-breakpoint
CREATE INDEX "jobs_requester_idx" ON "jobs" USING btree ("requester");