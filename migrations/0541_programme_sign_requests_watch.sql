-- Kept sign requests are club data like every club table: they move the club's data version.
SELECT club_data_watch('programme_sign_requests');
