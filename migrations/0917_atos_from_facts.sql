-- Trilha drafts an act from every fact it records (issue 47): a member added or removed, an investidura,
-- a function or a diretoria post given. The draft's source names the fact.
ALTER TABLE atos DROP CONSTRAINT atos_source_check;
ALTER TABLE atos ADD CONSTRAINT atos_source_check CHECK (source IN ('manual', 'admissao', 'desligamento', 'investidura', 'nomeacao'));
