-- Issue 15 (translations): gem categories carry an English name for en-US sessions ('' → the Chinese one).
ALTER TABLE gem_categories ADD COLUMN name_en text NOT NULL DEFAULT '';
UPDATE gem_categories SET name_en = 'Jadeite' WHERE code = 'FC' AND name_en = '';
UPDATE gem_categories SET name_en = 'Hetian jade (nephrite)' WHERE code = 'HTY' AND name_en = '';
UPDATE gem_categories SET name_en = 'Diamond' WHERE code = 'ZS' AND name_en = '';
UPDATE gem_categories SET name_en = 'Coloured gemstones' WHERE code = 'CSBS' AND name_en = '';
UPDATE gem_categories SET name_en = 'Pearl' WHERE code = 'ZZ' AND name_en = '';
UPDATE gem_categories SET name_en = 'Amber and beeswax' WHERE code = 'HPML' AND name_en = '';
UPDATE gem_categories SET name_en = 'Crystal and agate' WHERE code = 'SJMN' AND name_en = '';
UPDATE gem_categories SET name_en = 'Gold' WHERE code = 'HJ' AND name_en = '';
UPDATE gem_categories SET name_en = 'Platinum' WHERE code = 'BJ' AND name_en = '';
UPDATE gem_categories SET name_en = 'Silver' WHERE code = 'YS' AND name_en = '';
