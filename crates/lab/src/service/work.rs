//! The work a server did in the database, from `pg_stat_statements`: the
//! statements of role `benchmarkdbuser` since the last reset, sorted into
//! [`WorkDone`] by their text (docs/workloads.md "Proof of work").

use barrage_contract::database::DATABASE_USER;
use barrage_model::results::WorkDone;
use postgres::Client;

/// Zeroes the counters of every statement.
pub fn reset(client: &mut Client) -> Result<(), postgres::Error> {
    client.execute("SELECT pg_stat_statements_reset()", &[])?;
    Ok(())
}

/// The statements of `benchmarkdbuser` since the last reset.
pub fn read(client: &mut Client) -> Result<WorkDone, postgres::Error> {
    let rows = client.query(
        "SELECT s.query, s.calls, s.rows FROM pg_stat_statements s \
         JOIN pg_roles r ON r.oid = s.userid WHERE r.rolname = $1",
        &[&DATABASE_USER],
    )?;
    let statements = rows.iter().map(|row| Statement {
        text: row.get(0),
        calls: row.get::<_, i64>(1).max(0) as u64,
        rows: row.get::<_, i64>(2).max(0) as u64,
    });
    Ok(classify(statements))
}

/// One row of `pg_stat_statements`.
#[derive(Debug, Clone)]
pub struct Statement {
    pub text: String,
    pub calls: u64,
    pub rows: u64,
}

/// Sorts statements by their lower-cased text: a `select` that names
/// `world` is a read of World, an `update` that names it a write; a
/// `select` of `fortune` or `items` is a read of that table; anything else
/// (transactions, `SET`, the driver's catalogue queries) is `other`.
pub fn classify(statements: impl IntoIterator<Item = Statement>) -> WorkDone {
    let mut done = WorkDone::default();
    for s in statements {
        let text = s.text.trim_start().to_lowercase();
        let select = text.starts_with("select");
        if select && text.contains("world") {
            done.world_reads += s.calls;
            done.world_rows_read += s.rows;
        } else if text.starts_with("update") && text.contains("world") {
            done.world_writes += s.calls;
            done.world_rows_written += s.rows;
        } else if select && text.contains("fortune") {
            done.fortune_reads += s.calls;
        } else if select && text.contains("items") {
            done.item_reads += s.calls;
            done.item_rows_read += s.rows;
        } else {
            done.other += s.calls;
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(text: &str, calls: u64, rows: u64) -> Statement {
        Statement {
            text: text.into(),
            calls,
            rows,
        }
    }

    #[test]
    fn statements_are_sorted_by_table_and_kind() {
        let done = classify([
            st("SELECT id, randomnumber FROM world WHERE id = $1", 70, 70),
            st(
                "  select id, randomNumber from World where id=$1",
                5,
                5,
            ),
            st("UPDATE world SET randomnumber = $1 WHERE id = $2", 20, 20),
            st(
                "update world set randomnumber = v.r from (values ($1, $2)) as v(i, r) where id = v.i",
                3,
                30,
            ),
            st("SELECT id, message FROM fortune", 9, 108),
            st(
                "SELECT id, name FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3",
                4,
                200,
            ),
            st("BEGIN", 3, 0),
            st("SELECT t.typname FROM pg_catalog.pg_type t", 1, 1),
            st("WITH w AS (SELECT * FROM world) SELECT * FROM w", 2, 2),
        ]);
        assert_eq!(
            done,
            WorkDone {
                world_reads: 75,
                world_rows_read: 75,
                world_writes: 23,
                world_rows_written: 50,
                fortune_reads: 9,
                item_reads: 4,
                item_rows_read: 200,
                other: 6,
            }
        );
    }
}
