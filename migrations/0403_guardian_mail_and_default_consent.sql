-- Guardians are invited by e-mail, and every club has a consent term from its first day (LGPD art. 14).

-- The invitation e-mail of a guardian (the latest one): the list says 'Convite enviado' only once it was sent.
ALTER TABLE member_guardians ADD COLUMN invitation_mail_id uuid REFERENCES mail_queue(id) ON DELETE SET NULL;
CREATE INDEX member_guardians_invitation_mail_idx ON member_guardians (invitation_mail_id) WHERE invitation_mail_id IS NOT NULL;

-- The default term, in pt-BR: what is collected, why, for how long, how to withdraw. The director edits it
-- (each edit is a new version); a consent names the version it accepted.
CREATE FUNCTION default_consent_text(p_club_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'Termo de consentimento para o tratamento de dados de criança ou adolescente (LGPD, Lei 13.709/2018, art. 14)' || E'\n\n'
    || 'Eu, responsável legal, autorizo o clube ' || p_club_name || ' a tratar os dados pessoais do(a) menor que acompanho no Trilha, nos termos abaixo.' || E'\n\n'
    || 'O que é coletado: nome, data de nascimento, unidade e função no clube; presença nas reuniões, tarefas, pontos, conquistas e metas; '
    || 'as fotos e respostas que o(a) menor ou eu enviarmos nas tarefas; e, se preenchida, a ficha médica (alergias, medicamentos, contatos de emergência), guardada criptografada.' || E'\n\n'
    || 'Para quê: organizar as atividades do clube, acompanhar o progresso do(a) menor, cuidar da saúde e da segurança dele(a) nas atividades e manter os responsáveis informados. '
    || 'Os dados não são vendidos nem usados para publicidade e só são vistos pela diretoria do clube, pelos conselheiros da unidade e pelos responsáveis; a ficha médica, só por quem o clube autorizar para isso, e cada leitura fica registrada.' || E'\n\n'
    || 'Por quanto tempo: enquanto o(a) menor participar do clube. Ao sair, ou se este consentimento for retirado, os dados deixam de ser usados e são apagados ou anonimizados, '
    || 'exceto o que a lei obriga o clube a guardar (como registros financeiros).' || E'\n\n'
    || 'Como retirar: a qualquer momento, em "Família" no Trilha ("Retirar consentimento"), ou pedindo à diretoria do clube. '
    || 'Você também pode, a qualquer momento, ver e baixar os dados ("Meus dados") e pedir a correção ou a exclusão deles.'
$$;

CREATE FUNCTION clubs_default_consent_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO consent_texts (club_id, version, body) VALUES (NEW.id, 1, default_consent_text(NEW.name));
  RETURN NEW;
END;
$$;
CREATE TRIGGER clubs_default_consent_text AFTER INSERT ON clubs FOR EACH ROW EXECUTE FUNCTION clubs_default_consent_text();

-- Existing clubs that never wrote a term get the default as their version 1.
INSERT INTO consent_texts (club_id, version, body)
SELECT c.id, 1, default_consent_text(c.name) FROM clubs c
 WHERE NOT EXISTS (SELECT 1 FROM consent_texts t WHERE t.club_id = c.id);
