CREATE TABLE `yearly_figures` (
	`year` integer NOT NULL,
	`name` text NOT NULL,
	`value` integer NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`year`, `name`)
);
--> statement-breakpoint
ALTER TABLE `census_employees` ADD `work_zip` text;--> statement-breakpoint
ALTER TABLE `census_employees` ADD `notice_sent_at` integer;--> statement-breakpoint
ALTER TABLE `census_employees` ADD `eligible_from` text;--> statement-breakpoint
ALTER TABLE `employee_registrations` ADD `declined_at` integer;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `group_plan_classes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `total_employees` integer;--> statement-breakpoint
-- Data: the yearly figures that were constants in src/modules/compliance/rules.ts, with their sources.
INSERT INTO `yearly_figures` (`year`, `name`, `value`, `source`) VALUES
	(2024, 'affordability-percent', 839, 'Rev. Proc. 2023-29'),
	(2025, 'affordability-percent', 902, 'Rev. Proc. 2024-35'),
	(2026, 'affordability-percent', 996, 'Rev. Proc. 2025-25'),
	(2024, 'social-security-wage-base', 16860000, 'Social Security Administration, 2024 contribution and benefit base'),
	(2025, 'social-security-wage-base', 17610000, 'Social Security Administration, 2025 contribution and benefit base'),
	(2026, 'social-security-wage-base', 18450000, 'Social Security Administration, 2026 contribution and benefit base (Bloomberg Tax)'),
	(2024, 'poverty-line', 1506000, 'HHS poverty guidelines, 89 FR 2961 (January 17, 2024)'),
	(2025, 'poverty-line', 1565000, 'HHS poverty guidelines, 90 FR 5917 (January 17, 2025)'),
	(2026, 'penalty-4980h-a', 334000, 'Rev. Proc. 2025-26 (2026 indexed amounts; as reported by Zorro and MedCom)'),
	(2026, 'penalty-4980h-b', 501000, 'Rev. Proc. 2025-26 (2026 indexed amounts; as reported by Zorro and MedCom)');
--> statement-breakpoint
-- Data: an employer who said "we also offer a group plan" keeps the size floor; the classes
-- on that plan were never recorded, so one unnamed class stands for them until the classes
-- step is saved again (its empty basis asks the employer to say what it is).
UPDATE `enrollments` SET `group_plan_classes` = '[{"name":"Group health plan (classes not recorded)","basis":[],"headcount":0}]' WHERE `offers_group_plan` = 1;
--> statement-breakpoint
-- Data: census rows had no work ZIP; the business's own ZIP is the default the upload now applies.
UPDATE `census_employees` SET `work_zip` = (
	SELECT `businesses`.`zip` FROM `enrollments` JOIN `businesses` ON `businesses`.`id` = `enrollments`.`business_id`
	WHERE `enrollments`.`id` = `census_employees`.`enrollment_id`
) WHERE `work_zip` IS NULL;
--> statement-breakpoint
-- Data: every invitation sent so far carried the link to the employee's notice.
UPDATE `census_employees` SET `notice_sent_at` = `invite_sent_at` WHERE `invite_sent_at` IS NOT NULL;
