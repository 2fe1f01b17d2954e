-- UNNEST vs VALUES (seed experiment 5): a sensor reading, no key.
CREATE TABLE sensors (
    sensorid text NOT NULL,
    ts timestamptz NOT NULL,
    value double precision
);
