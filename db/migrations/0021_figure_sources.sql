-- The figures' sources name the IRS and the SSA only: a customer reads them under the figures.
-- Only the rows still holding the seeded words change; a source set since with `figures set` stays.
UPDATE `yearly_figures` SET `source` = 'Social Security Administration, 2026 contribution and benefit base'
	WHERE `year` = 2026 AND `name` = 'social-security-wage-base'
	AND `source` = 'Social Security Administration, 2026 contribution and benefit base (Bloomberg Tax)';--> statement-breakpoint
UPDATE `yearly_figures` SET `source` = 'Rev. Proc. 2025-26 (2026 indexed amounts)'
	WHERE `year` = 2026 AND `name` IN ('penalty-4980h-a', 'penalty-4980h-b')
	AND `source` = 'Rev. Proc. 2025-26 (2026 indexed amounts; as reported by Zorro and MedCom)';
