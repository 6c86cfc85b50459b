-- Admin search and counts at a million submissions.
-- Search: an FTS5 index over name, email and company with the trigram tokenizer, so a
-- case-insensitive substring search uses an index. It is an external-content table (the
-- text lives only in form_submissions), kept in step by the triggers below.
-- Counts: form_submission_counts (one row per form type and UTC hour), kept by triggers.
CREATE VIRTUAL TABLE `form_submissions_search` USING fts5(
	name, email, company,
	content='form_submissions', content_rowid='id', tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `form_submissions_search`(`form_submissions_search`) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO `form_submission_counts` (`form_type`, `hour`, `n`)
	SELECT `form_type`, `submitted_at` / 3600000, count(*) FROM `form_submissions` GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `form_submissions_search_insert` AFTER INSERT ON `form_submissions` BEGIN
	INSERT INTO `form_submissions_search`(rowid, name, email, company) VALUES (new.id, new.name, new.email, new.company);
END;
--> statement-breakpoint
CREATE TRIGGER `form_submissions_search_delete` AFTER DELETE ON `form_submissions` BEGIN
	INSERT INTO `form_submissions_search`(`form_submissions_search`, rowid, name, email, company) VALUES ('delete', old.id, old.name, old.email, old.company);
END;
--> statement-breakpoint
CREATE TRIGGER `form_submissions_search_update` AFTER UPDATE OF name, email, company ON `form_submissions` BEGIN
	INSERT INTO `form_submissions_search`(`form_submissions_search`, rowid, name, email, company) VALUES ('delete', old.id, old.name, old.email, old.company);
	INSERT INTO `form_submissions_search`(rowid, name, email, company) VALUES (new.id, new.name, new.email, new.company);
END;
--> statement-breakpoint
CREATE TRIGGER `form_submission_counts_insert` AFTER INSERT ON `form_submissions` BEGIN
	INSERT INTO `form_submission_counts` (`form_type`, `hour`, `n`) VALUES (new.form_type, new.submitted_at / 3600000, 1)
		ON CONFLICT (`form_type`, `hour`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `form_submission_counts_delete` AFTER DELETE ON `form_submissions` BEGIN
	UPDATE `form_submission_counts` SET `n` = `n` - 1 WHERE `form_type` = old.form_type AND `hour` = old.submitted_at / 3600000;
END;
--> statement-breakpoint
CREATE TRIGGER `form_submission_counts_update` AFTER UPDATE OF form_type, submitted_at ON `form_submissions` BEGIN
	UPDATE `form_submission_counts` SET `n` = `n` - 1 WHERE `form_type` = old.form_type AND `hour` = old.submitted_at / 3600000;
	INSERT INTO `form_submission_counts` (`form_type`, `hour`, `n`) VALUES (new.form_type, new.submitted_at / 3600000, 1)
		ON CONFLICT (`form_type`, `hour`) DO UPDATE SET `n` = `n` + 1;
END;
