-- Issue 43: the club stores its beneficiary name and city in full (printed on receipts as typed); the
-- BR Code carries the first 25 and 15 characters of them without accents (src/shared/pix.ts, pixText).
ALTER TABLE club_pix_settings DROP CONSTRAINT club_pix_settings_beneficiary_name_check;
ALTER TABLE club_pix_settings DROP CONSTRAINT club_pix_settings_city_check;
ALTER TABLE club_pix_settings ADD CONSTRAINT club_pix_settings_beneficiary_name_check CHECK (length(btrim(beneficiary_name)) BETWEEN 1 AND 100);
ALTER TABLE club_pix_settings ADD CONSTRAINT club_pix_settings_city_check CHECK (length(btrim(city)) BETWEEN 1 AND 60);
