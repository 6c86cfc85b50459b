CREATE TABLE `employee_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`census_employee_id` integer NOT NULL,
	`enrollment_id` integer NOT NULL,
	`first_name` text,
	`last_name` text,
	`email` text,
	`phone` text,
	`date_of_birth` text,
	`ssn_last4_encrypted` text,
	`address` text,
	`city` text,
	`state` text,
	`zip_code` text,
	`coverage_level` text,
	`health_plan_id` text,
	`terms_accepted_at` integer,
	`submitted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`census_employee_id`) REFERENCES `census_employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `employee_registrations_census_employee_id_unique` ON `employee_registrations` (`census_employee_id`);--> statement-breakpoint
CREATE TABLE `state_premiums` (
	`state` text PRIMARY KEY NOT NULL,
	`single_cents` integer NOT NULL,
	`plus_one_cents` integer NOT NULL,
	`family_cents` integer NOT NULL,
	`source` text NOT NULL,
	`year` integer NOT NULL
);
