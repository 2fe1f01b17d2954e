\set base random(0, 100000000) * 1000
INSERT INTO t SELECT g, md5(g::text) || repeat('x', 100), jsonb_build_object('k', g, 'v', md5(g::text)), g * 1.5, now() FROM generate_series(:base + 1, :base + 500) g;
