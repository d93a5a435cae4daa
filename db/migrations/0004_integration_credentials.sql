CREATE TABLE "integration_credentials" (
	"provider" text PRIMARY KEY NOT NULL,
	"refresh_token" text,
	"seed_hash" text,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
