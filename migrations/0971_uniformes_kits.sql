-- Uniformes e kits (issue 50, ADR 079): each member's sizes, the kits the club defines, what each member
-- received and when, and the charges an order of the missing pieces became (through the charges service).

CREATE TABLE member_sizes (
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  member_id   uuid PRIMARY KEY REFERENCES club_members(id) ON DELETE CASCADE,
  camisa      text CHECK (camisa IS NULL OR length(btrim(camisa)) BETWEEN 1 AND 8),
  calca_saia  text CHECK (calca_saia IS NULL OR length(btrim(calca_saia)) BETWEEN 1 AND 8),
  sapato      text CHECK (sapato IS NULL OR length(btrim(sapato)) BETWEEN 1 AND 8),
  bone        text CHECK (bone IS NULL OR length(btrim(bone)) BETWEEN 1 AND 8),
  updated_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_sizes_club_idx ON member_sizes (club_id);
CREATE INDEX member_sizes_updated_by_idx ON member_sizes (updated_by) WHERE updated_by IS NOT NULL;
SELECT club_data_watch('member_sizes');

CREATE TABLE kits (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, id)
);
CREATE UNIQUE INDEX kits_club_name_key ON kits (club_id, pt_sort_key(name));
CREATE INDEX kits_created_by_idx ON kits (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('kits');

-- A piece of a kit (lenço, Bíblia, camisa): its price for the next order and which size decides it.
CREATE TABLE kit_items (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  kit_id      uuid NOT NULL,
  name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  price       numeric(14,2) NOT NULL CHECK (price >= 0),
  sized_by    text CHECK (sized_by IS NULL OR sized_by IN ('camisa', 'calca_saia', 'sapato', 'bone')),
  position    integer NOT NULL,
  UNIQUE (club_id, id),
  FOREIGN KEY (club_id, kit_id) REFERENCES kits (club_id, id) ON DELETE CASCADE
);
CREATE INDEX kit_items_club_kit_idx ON kit_items (club_id, kit_id, position);
SELECT club_data_watch('kit_items');

CREATE TABLE kit_deliveries (
  club_id       uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  kit_item_id   uuid NOT NULL,
  member_id     uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  delivered_on  date NOT NULL,
  size          text CHECK (size IS NULL OR length(btrim(size)) BETWEEN 1 AND 8),
  delivered_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kit_item_id, member_id),
  FOREIGN KEY (club_id, kit_item_id) REFERENCES kit_items (club_id, id) ON DELETE CASCADE
);
CREATE INDEX kit_deliveries_club_item_idx ON kit_deliveries (club_id, kit_item_id);
CREATE INDEX kit_deliveries_member_idx ON kit_deliveries (member_id);
CREATE INDEX kit_deliveries_delivered_by_idx ON kit_deliveries (delivered_by) WHERE delivered_by IS NOT NULL;
SELECT club_data_watch('kit_deliveries');

-- The charge an order of a kit's missing pieces became for one member: one per member and kit.
CREATE TABLE kit_order_charges (
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  kit_id     uuid NOT NULL,
  member_id  uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  charge_id  uuid NOT NULL REFERENCES charges(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kit_id, member_id),
  FOREIGN KEY (club_id, kit_id) REFERENCES kits (club_id, id) ON DELETE CASCADE
);
CREATE INDEX kit_order_charges_club_kit_idx ON kit_order_charges (club_id, kit_id);
CREATE INDEX kit_order_charges_member_idx ON kit_order_charges (member_id);
CREATE INDEX kit_order_charges_charge_idx ON kit_order_charges (charge_id);
SELECT club_data_watch('kit_order_charges');
