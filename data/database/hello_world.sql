-- The database workloads' data (docs/workloads.md, "Database workloads"),
-- created from a fixed seed. The lab runs this file with psql as the
-- superuser, connected to the database `hello_world` that belongs to
-- `benchmarkdbuser`; every table is created in one transaction and then
-- handed to that user. Loading it again gives the same rows on the same
-- PostgreSQL major version (random() after setseed() is deterministic in
-- one backend).
--
--   World   TechEmpower's table: 10,000 rows, id 1..10000, randomNumber
--           1..10000 (db, queries, updates).
--   Fortune TechEmpower's 12 messages, a public fact of the benchmark
--           (fortunes).
--   items   HttpArena's catalogue: 100,000 rows; price has no index, so
--           the item search scans (items).
--
-- Names are lower case (PostgreSQL folds unquoted names): `world`,
-- `fortune`, `items`; World's columns are `id` and `randomnumber`.

\set ON_ERROR_STOP on
BEGIN;

SELECT setseed(0.28) \g /dev/null

CREATE TABLE world (
    id integer NOT NULL PRIMARY KEY,
    randomnumber integer NOT NULL DEFAULT 0
);
INSERT INTO world (id, randomnumber)
SELECT i, 1 + floor(random() * 10000)::integer
FROM generate_series(1, 10000) AS i;

CREATE TABLE fortune (
    id integer NOT NULL PRIMARY KEY,
    message varchar(2048) NOT NULL
);
INSERT INTO fortune (id, message) VALUES
    (1, 'fortune: No such file or directory'),
    (2, 'A computer scientist is someone who fixes things that aren''t broken.'),
    (3, 'After enough decimal places, nobody gives a damn.'),
    (4, 'A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1'),
    (5, 'A computer program does what you tell it to do, not what you want it to do.'),
    (6, 'Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen'),
    (7, 'Any program that runs right is obsolete.'),
    (8, 'A list is only as strong as its weakest link. — Donald Knuth'),
    (9, 'Feature: A bug with seniority.'),
    (10, 'Computers make very fast, very accurate mistakes.'),
    (11, '<script>alert("This should not be displayed in a browser alert box.");</script>'),
    (12, 'フレームワークのベンチマーク');

CREATE TABLE items (
    id integer NOT NULL PRIMARY KEY,
    name text NOT NULL,
    category text NOT NULL,
    price integer NOT NULL,
    quantity integer NOT NULL,
    active boolean NOT NULL,
    tags jsonb NOT NULL,
    rating_score double precision NOT NULL,
    rating_count integer NOT NULL
);
-- price 1..1000 (whole units), quantity 0..500, active 9 in 10,
-- 1 to 3 tags of 8, rating score 1.0..5.0 in tenths, count 0..5000.
INSERT INTO items (id, name, category, price, quantity, active, tags, rating_score, rating_count)
SELECT i,
       'Item ' || i,
       (ARRAY['electronics', 'books', 'clothing', 'home', 'garden', 'toys', 'sports', 'food'])[1 + (i % 8)],
       1 + floor(random() * 1000)::integer,
       floor(random() * 501)::integer,
       random() < 0.9,
       (SELECT jsonb_agg(t ORDER BY t)
          FROM (SELECT DISTINCT (ARRAY['new', 'sale', 'popular', 'eco', 'premium', 'imported', 'limited', 'bundle'])[1 + floor(random() * 8)::integer] AS t
                  FROM generate_series(1, 1 + (i % 3)) AS k
                 WHERE i > 0) AS picked),
       (10 + floor(random() * 41)::integer) / 10.0,
       floor(random() * 5001)::integer
FROM generate_series(1, 100000) AS i;

ALTER TABLE world OWNER TO benchmarkdbuser;
ALTER TABLE fortune OWNER TO benchmarkdbuser;
ALTER TABLE items OWNER TO benchmarkdbuser;
COMMIT;
ANALYZE;
