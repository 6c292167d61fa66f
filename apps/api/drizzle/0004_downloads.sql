CREATE TABLE "bulks" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"zip_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "bulk_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "bulk_index" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bulks" ADD CONSTRAINT "bulks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulks_owner_idx" ON "bulks" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "bulks_expires_at_idx" ON "bulks" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_bulk_id_bulks_id_fk" FOREIGN KEY ("bulk_id") REFERENCES "public"."bulks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_bulk_idx" ON "jobs" USING btree ("bulk_id");