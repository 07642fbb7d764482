-- A piece a member no longer has (lost it, outgrew it, gave it back to the club): the delivery stays in
-- their history, marked with the day and why; the piece reads as missing again, in 'quem ainda não tem',
-- the next order and the member's own uniform. Giving the piece again clears the mark (issue 50).
ALTER TABLE kit_deliveries ADD COLUMN gone_on date;
ALTER TABLE kit_deliveries ADD COLUMN gone_reason text CHECK (gone_reason IN ('perdeu', 'nao_serve', 'devolveu'));
ALTER TABLE kit_deliveries ADD CONSTRAINT kit_deliveries_gone_check CHECK ((gone_on IS NULL) = (gone_reason IS NULL));
