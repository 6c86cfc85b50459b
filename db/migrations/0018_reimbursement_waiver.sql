ALTER TABLE `employee_registrations` ADD `waived_from` text;--> statement-breakpoint
ALTER TABLE `employee_registrations` ADD `waived_on` text;--> statement-breakpoint
ALTER TABLE `employee_registrations` ADD `waived_at` integer;