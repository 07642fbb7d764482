-- A member without a birth date is treated as a minor (a guardian's consent is needed) until the club
-- records the birth date or marks the member an adult (LGPD art. 14: when in doubt, protect the child).
ALTER TABLE club_members ADD COLUMN adult_confirmed boolean NOT NULL DEFAULT false;
-- Who created a club directs it: an adult. Members of existing clubs keep no birth date and so now show
-- 'Consentimento pendente' until the club says otherwise.
UPDATE club_members SET adult_confirmed = true WHERE role = 'admin';
