ALTER TABLE `census_employees` ADD `notice_plan_year_start` text;--> statement-breakpoint
-- Every notice sent before this column existed was for its enrollment's first plan year:
-- later plan years' notices could not be sent yet. Should one have been a later hire's, the
-- dashboard would ask for that year's notice again, which only sends one notice more.
UPDATE `census_employees` SET `notice_plan_year_start` = (
	SELECT `effective_date` FROM `enrollments` WHERE `enrollments`.`id` = `census_employees`.`enrollment_id`
) WHERE `notice_sent_at` IS NOT NULL;
