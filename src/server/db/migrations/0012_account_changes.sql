-- Each link now records the address it was sent to, and works only while the account has that
-- address. A token issued before cannot tell where it went (the address may have been corrected
-- since), so every unused one ends here, marked used: its owner asks for a new link (Forgot
-- password, or 'Resend welcome email'). Used tokens get the account's address, for the NOT NULL.
ALTER TABLE "one_time_tokens" ADD COLUMN "email" text;--> statement-breakpoint
UPDATE "one_time_tokens" AS t
SET "email" = u."email", "used_at" = coalesce(t."used_at", now())
FROM "users" AS u
WHERE u."id" = t."user_id";--> statement-breakpoint
ALTER TABLE "one_time_tokens" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
-- A session of someone who may not sign in now was refused, but not revoked: reactivating the
-- account would have brought it back. Such sessions end here, as changes now end them.
UPDATE "sessions" SET "revoked_at" = now()
WHERE "revoked_at" IS NULL
  AND "user_id" IN (
    SELECT "id" FROM "users"
    WHERE "role" NOT IN ('admin', 'host')
       OR "status" <> 'active'
       OR NOT "email_verified"
       OR "password_hash" IS NULL
  );
