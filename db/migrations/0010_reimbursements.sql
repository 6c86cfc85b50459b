CREATE TABLE `claim_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` integer NOT NULL,
	`action` text NOT NULL,
	`note` text,
	`amount_cents` integer,
	`actor` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `reimbursement_claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `claim_history_claim_idx` ON `claim_history` (`claim_id`,`id`);--> statement-breakpoint
CREATE TABLE `coverage_proofs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`employee_id` integer NOT NULL,
	`enrollment_id` integer NOT NULL,
	`business_id` integer NOT NULL,
	`plan_year_start` text NOT NULL,
	`carrier` text NOT NULL,
	`coverage_start` text NOT NULL,
	`covered_people` text NOT NULL,
	`attested_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `census_employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coverage_proofs_current_idx` ON `coverage_proofs` (`employee_id`,`plan_year_start`) WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX `coverage_proofs_queue_idx` ON `coverage_proofs` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `coverage_proofs_business_queue_idx` ON `coverage_proofs` (`business_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `payroll_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`enrollment_id` integer NOT NULL,
	`business_id` integer NOT NULL,
	`through` text NOT NULL,
	`total_cents` integer NOT NULL,
	`employee_count` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payroll_runs_enrollment_idx` ON `payroll_runs` (`enrollment_id`,`id`);--> statement-breakpoint
CREATE TABLE `reimbursement_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`employee_id` integer NOT NULL,
	`enrollment_id` integer NOT NULL,
	`business_id` integer NOT NULL,
	`plan_year_start` text NOT NULL,
	`month` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`carrier` text NOT NULL,
	`covered_people` text NOT NULL,
	`attested_at` integer NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`approved_cents` integer,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	`payroll_run_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `census_employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payroll_run_id`) REFERENCES `payroll_runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reimbursement_claims_month_idx` ON `reimbursement_claims` (`employee_id`,`month`) WHERE status <> 'denied';--> statement-breakpoint
CREATE INDEX `reimbursement_claims_queue_idx` ON `reimbursement_claims` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reimbursement_claims_business_queue_idx` ON `reimbursement_claims` (`business_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reimbursement_claims_employee_idx` ON `reimbursement_claims` (`employee_id`,`id`);--> statement-breakpoint
CREATE INDEX `reimbursement_claims_payable_idx` ON `reimbursement_claims` (`enrollment_id`,`status`,`decided_at`);--> statement-breakpoint
CREATE TABLE `reimbursement_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`employee_id` integer NOT NULL,
	`proof_id` integer,
	`claim_id` integer,
	`file_name` text NOT NULL,
	`media_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`stored_name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `census_employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proof_id`) REFERENCES `coverage_proofs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`claim_id`) REFERENCES `reimbursement_claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reimbursement_documents_stored_name_unique` ON `reimbursement_documents` (`stored_name`);--> statement-breakpoint
CREATE INDEX `reimbursement_documents_claim_idx` ON `reimbursement_documents` (`claim_id`);--> statement-breakpoint
CREATE INDEX `reimbursement_documents_proof_idx` ON `reimbursement_documents` (`proof_id`);--> statement-breakpoint
CREATE TABLE `reimbursement_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`employee_id` integer NOT NULL,
	`enrollment_id` integer NOT NULL,
	`plan_year_start` text NOT NULL,
	`month` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`unpaid_cents` integer NOT NULL,
	`claim_id` integer,
	`payroll_run_id` integer,
	`actor` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `census_employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`claim_id`) REFERENCES `reimbursement_claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payroll_run_id`) REFERENCES `payroll_runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reimbursement_events_allowance_idx` ON `reimbursement_events` (`employee_id`,`month`) WHERE kind = 'allowance';--> statement-breakpoint
CREATE INDEX `reimbursement_events_employee_idx` ON `reimbursement_events` (`employee_id`,`plan_year_start`);--> statement-breakpoint
CREATE INDEX `reimbursement_events_enrollment_idx` ON `reimbursement_events` (`enrollment_id`,`employee_id`);--> statement-breakpoint
CREATE INDEX `reimbursement_events_claim_idx` ON `reimbursement_events` (`claim_id`);--> statement-breakpoint
CREATE INDEX `reimbursement_events_run_idx` ON `reimbursement_events` (`payroll_run_id`);