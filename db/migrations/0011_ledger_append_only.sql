-- The allowance ledger and the claims' history are append-only: a correction is a new
-- event (a reversal), never an edit. Their rows go only with their employee (an employee
-- removed from the census takes their claims, proofs, events and documents along), which
-- is why a DELETE is allowed once that employee, or that claim, no longer exists.
CREATE TRIGGER `reimbursement_events_no_update` BEFORE UPDATE ON `reimbursement_events`
BEGIN
	SELECT RAISE(ABORT, 'reimbursement_events is append-only: record a new event instead');
END;
--> statement-breakpoint
CREATE TRIGGER `reimbursement_events_no_delete` BEFORE DELETE ON `reimbursement_events`
WHEN EXISTS (SELECT 1 FROM `census_employees` WHERE `id` = OLD.`employee_id`)
BEGIN
	SELECT RAISE(ABORT, 'reimbursement_events is append-only: events go only with their employee');
END;
--> statement-breakpoint
CREATE TRIGGER `claim_history_no_update` BEFORE UPDATE ON `claim_history`
BEGIN
	SELECT RAISE(ABORT, 'claim_history is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `claim_history_no_delete` BEFORE DELETE ON `claim_history`
WHEN EXISTS (SELECT 1 FROM `reimbursement_claims` WHERE `id` = OLD.`claim_id`)
BEGIN
	SELECT RAISE(ABORT, 'claim_history is append-only: entries go only with their claim');
END;
