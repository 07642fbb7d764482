-- The Associação's tables move their club's data version like every club table (ADR 026), so a kept
-- answer never outlives a change to the readiness, the seguro or the diretoria.
SELECT club_data_watch('associacao_settings');
SELECT club_data_watch('sgc_member_records');
SELECT club_data_watch('member_insurance');
SELECT club_data_watch('diretoria_posts');
