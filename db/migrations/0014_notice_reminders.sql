CREATE TABLE `notice_reminders` (
	`enrollment_id` integer NOT NULL,
	`plan_year_start` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`enrollment_id`, `plan_year_start`),
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE no action
);
