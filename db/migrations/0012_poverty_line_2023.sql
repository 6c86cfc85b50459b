-- Data: the poverty line a 2024 plan year's safe harbor reads (the guideline of the year
-- before the plan year) was missing, so that safe harbor could not be checked for 2024.
INSERT INTO `yearly_figures` (`year`, `name`, `value`, `source`) VALUES
	(2023, 'poverty-line', 1458000, 'HHS poverty guidelines, 88 FR 3424 (January 19, 2023)')
ON CONFLICT (`year`, `name`) DO NOTHING;
