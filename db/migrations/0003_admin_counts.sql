CREATE TABLE `form_submission_counts` (
	`form_type` text NOT NULL,
	`hour` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`form_type`, `hour`)
);
