import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order facts for the statistics read model (issue 29): as enrollment's sign-up facts. Every change of a paid order
 * that the fee figures see (paid, refunded, moved) gives the row a new `fact_version` and writes the order's fact to
 * the outbox in the same transaction, by trigger, whichever code made it. Orders never paid publish nothing. The view
 * `order_facts` is the one definition of a fact (the trigger writes it, a rebuild reads it); the epoch names this
 * database.
 */
export class OrderFacts1768100000000 implements MigrationInterface {
  name = 'OrderFacts1768100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE fact_epoch (epoch uuid NOT NULL DEFAULT gen_random_uuid(), one boolean PRIMARY KEY DEFAULT true CHECK (one))`);
    await q.query(`INSERT INTO fact_epoch DEFAULT VALUES`);
    await q.query(`CREATE SEQUENCE order_fact_version`);
    await q.query(`ALTER TABLE orders ADD COLUMN fact_version bigint NOT NULL DEFAULT 0`);
    await q.query(`UPDATE orders SET fact_version = nextval('order_fact_version') WHERE paid_at IS NOT NULL`);
    await q.query(`CREATE INDEX orders_paid_facts ON orders (id) WHERE paid_at IS NOT NULL`);
    await q.query(`
      CREATE VIEW order_facts AS
      SELECT o.id, jsonb_build_object(
          'id', o.id, 'competitionId', o.competition_id, 'groupId', o.group_id, 'amountFen', o.amount_fen, 'channel', o.channel,
          'paidAt', o.paid_at,
          'refunds', COALESCE((SELECT jsonb_agg(jsonb_build_object('at', f.finished_at, 'fen', f.amount_fen) ORDER BY f.finished_at, f.id)
                               FROM refunds f WHERE f.order_id = o.id AND f.status = 'succeeded'), '[]'::jsonb),
          'version', o.fact_version, 'epoch', e.epoch) AS fact
      FROM orders o CROSS JOIN fact_epoch e
      WHERE o.paid_at IS NOT NULL`);
    await q.query(`
      CREATE FUNCTION order_fact_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.paid_at IS NOT NULL AND (TG_OP = 'INSERT'
           OR (OLD.paid_at, OLD.refunded_fen, OLD.amount_fen, OLD.channel, OLD.competition_id, OLD.group_id)
              IS DISTINCT FROM (NEW.paid_at, NEW.refunded_fen, NEW.amount_fen, NEW.channel, NEW.competition_id, NEW.group_id))
        THEN
          NEW.fact_version := nextval('order_fact_version');
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE FUNCTION order_fact_publish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (subject, payload) SELECT 'payment.order.changed', f.fact FROM order_facts f WHERE f.id = NEW.id;
        RETURN NULL;
      END $$`);
    // The functions resolve names in this schema whoever's session fires them (an operator's psql, another schema's path).
    await q.query(`ALTER FUNCTION order_fact_version() SET search_path FROM CURRENT`);
    await q.query(`ALTER FUNCTION order_fact_publish() SET search_path FROM CURRENT`);
    await q.query(`CREATE TRIGGER orders_fact_version BEFORE INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION order_fact_version()`);
    await q.query(`CREATE TRIGGER orders_fact_inserted AFTER INSERT ON orders FOR EACH ROW WHEN (NEW.paid_at IS NOT NULL) EXECUTE FUNCTION order_fact_publish()`);
    await q.query(`
      CREATE TRIGGER orders_fact_updated AFTER UPDATE ON orders FOR EACH ROW
      WHEN (OLD.fact_version IS DISTINCT FROM NEW.fact_version) EXECUTE FUNCTION order_fact_publish()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER orders_fact_updated ON orders`);
    await q.query(`DROP TRIGGER orders_fact_inserted ON orders`);
    await q.query(`DROP TRIGGER orders_fact_version ON orders`);
    await q.query(`DROP FUNCTION order_fact_publish(), order_fact_version()`);
    await q.query(`DROP VIEW order_facts`);
    await q.query(`DROP INDEX orders_paid_facts`);
    await q.query(`ALTER TABLE orders DROP COLUMN fact_version`);
    await q.query(`DROP SEQUENCE order_fact_version`);
    await q.query(`DROP TABLE fact_epoch`);
  }
}
