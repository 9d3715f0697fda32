-- Favorite places in and around Denver, Colorado, in the native maprender schema
-- (DESIGN.md §3). Rebuild favorites.db from this file with ./make-favorites.sh.
-- Coordinates are WGS84 degrees (latitude, longitude); display_radius is in meters.
CREATE TABLE places (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,                -- callout title
  street      TEXT, city TEXT, state TEXT, postal TEXT,   -- subtitle: "street, city, state postal"
  latitude    REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude   REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  display_proximity INTEGER NOT NULL DEFAULT 0,   -- draw the geofence circle
  display_radius    REAL,                         -- geofence radius, meters
  going_next  INTEGER NOT NULL DEFAULT 0,         -- the "where I am going next" place (arrow marker)
  pin_color   TEXT                                -- red | green | purple | #rrggbb
);
PRAGMA user_version = 1;

BEGIN;
INSERT INTO places (id, name, street, city, state, postal, latitude, longitude,
                    display_proximity, display_radius, going_next, pin_color) VALUES
  (1,  'Denver Museum of Nature & Science', '2001 Colorado Blvd', 'Denver', 'CO', '80205',
       39.747500, -104.942800, 1, 500,  0, 'green'),
  (2,  'Colorado State Capitol', '200 E Colfax Ave', 'Denver', 'CO', '80203',
       39.739200, -104.984700, 0, NULL, 0, 'red'),
  (3,  'Denver Union Station', '1701 Wynkoop St', 'Denver', 'CO', '80202',
       39.752800, -105.000100, 0, 300,  0, '#1e90ff'),
  (4,  'Red Rocks Amphitheatre', '18300 W Alameda Pkwy', 'Morrison', 'CO', '80465',
       39.665300, -105.205700, 1, 1500, 0, 'purple'),
  (5,  'Denver Botanic Gardens', '1007 York St', 'Denver', 'CO', '80206',
       39.732200, -104.960300, 0, NULL, 1, 'green'),
  (6,  'Coors Field', '2001 Blake St', 'Denver', 'CO', '80205',
       39.756100, -104.994200, 0, NULL, 0, '#33006f'),
  (7,  'Denver Art Museum', '100 W 14th Ave Pkwy', 'Denver', 'CO', '80204',
       39.737200, -104.989200, 0, NULL, 0, '#ff9500'),
  (8,  'City Park', NULL, 'Denver', 'CO', '80205',
       39.747200, -104.950000, 0, NULL, 0, 'green'),
  (9,  'Washington Park', '701 S Franklin St', 'Denver', 'CO', '80209',
       39.699700, -104.971100, 1, 800,  0, 'green'),
  (10, 'Denver International Airport', '8500 Peña Blvd', 'Denver', 'CO', '80249',
       39.849700, -104.674000, 0, NULL, 0, NULL),
  (11, 'Larimer Square', '1430 Larimer St', 'Denver', 'CO', '80202',
       39.747700, -104.999400, 0, NULL, 0, 'red'),
  (12, 'Empower Field at Mile High', '1701 Bryant St', 'Denver', 'CO', '80204',
       39.743900, -105.020100, 0, NULL, 0, '#fb4f14');
COMMIT;
