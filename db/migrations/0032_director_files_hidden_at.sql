-- An upload the director "deleted" after a review could have seen it: hidden from the director
-- (their list and download answer 404) but kept, row and bytes, for the retention period; staff see
-- it marked as withdrawn by the director. The retention job deletes it with the rest of the evidence.
ALTER TABLE "director_files" ADD COLUMN "hidden_at" timestamp with time zone;
