-- The engine snapshot's pieces are stored as they are, without pglz (decision 0025, session 13): the state compresses
-- to about half, but compressing 355 MB cost the database ≈ 13 s per save and decompressing ≈ 0.7 s per start-up read.
ALTER TABLE "search_snapshots" ALTER COLUMN "data" SET STORAGE EXTERNAL;
