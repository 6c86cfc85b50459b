PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_login_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
INSERT INTO `__new_login_tokens`("token_hash", "email", "expires_at", "used_at") SELECT t."token_hash", lower(u."email"), t."expires_at", t."used_at" FROM `login_tokens` t JOIN `users` u ON u."id" = t."user_id";--> statement-breakpoint
DROP TABLE `login_tokens`;--> statement-breakpoint
ALTER TABLE `__new_login_tokens` RENAME TO `login_tokens`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `login_tokens_email_expires_idx` ON `login_tokens` (`email`,`expires_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `census_employee_id` integer REFERENCES census_employees(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `sessions_census_employee_idx` ON `sessions` (`census_employee_id`);