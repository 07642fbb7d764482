-- Marks change what the programme screens show: they move the club's data version like every club table.
SELECT club_data_watch('programme_marks');
