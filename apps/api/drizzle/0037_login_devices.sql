-- The browsers that signed in to an account. Wrong passwords make an account back off; during
-- that, a sign-in from anywhere else is refused before its password is checked, so the answer
-- tells a guesser nothing, while the owner's known browsers still get theirs checked. A browser
-- keeps one token for all the accounts signed in on it, hence the key of token and account.
CREATE TABLE "login_devices" (
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_devices_token_hash_user_id_pk" PRIMARY KEY("token_hash","user_id")
);
--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_devices_user_idx" ON "login_devices" USING btree ("user_id","used_at");