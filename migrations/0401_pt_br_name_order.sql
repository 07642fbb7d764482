-- Names sort as a Brazilian reads them: accents and case folded (Ágatha and Érica before Zeca). Neither
-- engine can be relied on for a pt-BR collation (the embedded one has no ICU, and a server's default may be
-- "C"), so every list orders by this key, compared byte by byte (COLLATE "C") so both engines agree.
-- lower() alone folds only ASCII under the "C" locale, hence the accented capitals in the translation.
CREATE FUNCTION pt_sort_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(btrim(t),
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
    'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy'))
$$;

-- A club cannot have two units whose names differ only by accents, case or surrounding spaces. Units
-- that already do keep working: the later ones get a number ("Águias (2)") before the index is built.
UPDATE units u SET name = left(u.name, 74) || ' (' || d.n || ')'
  FROM (SELECT id, row_number() OVER (PARTITION BY club_id, pt_sort_key(name) ORDER BY created_at, id) AS n FROM units) d
 WHERE d.id = u.id AND d.n > 1;
CREATE UNIQUE INDEX units_club_name_key ON units (club_id, pt_sort_key(name));
