ALTER TABLE `enrollments` ADD `class_size_override_reason` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `class_size_override_by` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `class_size_override_at` integer;