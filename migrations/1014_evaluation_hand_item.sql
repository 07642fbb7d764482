-- The example evaluation list (migration 0946) had an automatic proof on every item, so nothing showed
-- how an item is ticked by hand. The Campori's participation is proved on paper (photos, the registration).
INSERT INTO evaluation_platform_items (code, position, title, points, deadline, evidence, proof, target) VALUES
  ('campori', 8, 'Participação no Campori da Associação', 300, NULL, 'Inscrição do clube e fotos da participação.', NULL, NULL)
ON CONFLICT (code) DO NOTHING;
