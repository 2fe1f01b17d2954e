-- UNNEST vs VALUES with ten readings per row instead of one.
CREATE TABLE wide_sensors (
    sensorid text NOT NULL,
    ts timestamptz NOT NULL,
    value1 double precision,
    value2 double precision,
    value3 double precision,
    value4 double precision,
    value5 double precision,
    value6 double precision,
    value7 double precision,
    value8 double precision,
    value9 double precision,
    value10 double precision
);
