//! The `[[table]]`s.

use super::*;

/// `VALID` with a second scenario and `table` appended.
fn with_table(table: &str) -> String {
    format!("{VALID}[[scenario]]\nname = \"xml\"\npath = \"/xml\"\n[[table]]\n{table}")
}

#[test]
fn tables_put_scenarios_side_by_side_with_their_defaults() {
    let s = parse(&with_table("scenarios = [\"xml\", \"hello\"]\n")).unwrap();
    assert_eq!(
        s.tables,
        [SuiteTable {
            title: "xml, hello".into(),
            scenarios: vec!["xml".into(), "hello".into()],
            columns: vec!["xml".into(), "hello".into()],
        }]
    );
    let text = with_table(
        "title = \"XML and hello\"\nscenarios = [\"hello\", \"xml\"]\ncolumns = [\"h\", \"x\"]\n[[table]]\nscenarios = [\"xml\", \"hello\"]\n",
    );
    let s = parse(&text).unwrap();
    assert_eq!(s.tables.len(), 2);
    assert_eq!(s.tables[0].title, "XML and hello");
    assert_eq!(s.tables[0].columns, ["h", "x"]);
    assert_eq!(s.tables[1].title, "xml, hello");
    // --quick and --levels keep them; a suite without any has none.
    assert_eq!(s.effective(true, None).tables, s.tables);
    assert_eq!(s.with_levels(&[1]).unwrap().tables, s.tables);
    assert!(parse(VALID).unwrap().tables.is_empty());
}

#[test]
fn table_errors_name_file_line_and_key() {
    // The table starts at line 14 (`[[table]]`), its keys from line 15.
    let table: &[(String, &str)] = &[
        (with_table("scenarios = [\"hello\", \"xml\", \"json\"]\n"), "suites/t.toml:15: table[0].scenarios[2]: unknown scenario \"json\"; expected one of hello, xml"),
        (with_table("scenarios = [\n  \"hello\",\n  \"jsn\",\n]\n"), "suites/t.toml:17: table[0].scenarios[1]: unknown scenario \"jsn\"; expected one of hello, xml"),
        (with_table("scenarios = [\"hello\"]\n"), "suites/t.toml:15: table[0].scenarios: only one scenario; expected the names of two or more scenarios to put side by side, such as [\"6b-h1\", \"6b-h2\"]"),
        (with_table("scenarios = []\n"), "suites/t.toml:15: table[0].scenarios: no scenario; expected the names of two or more scenarios to put side by side, such as [\"6b-h1\", \"6b-h2\"]"),
        (with_table("title = \"x\"\n"), "suites/t.toml:14: table[0].scenarios: missing; expected the names of two or more scenarios to put side by side, such as [\"6b-h1\", \"6b-h2\"]"),
        (with_table("scenarios = [\"hello\", \"hello\"]\n"), "suites/t.toml:15: table[0].scenarios[1]: scenario \"hello\" is listed twice; expected each scenario once"),
        (with_table("scenarios = [\"hello\", \"xml\"]\ncolumns = [\"h\"]\n"), "suites/t.toml:16: table[0].columns: 1 labels for 2 scenarios; expected one label per scenario, in the order of scenarios"),
        (with_table("scenarios = [\"hello\", \"xml\"]\ncolumns = [\"h\", \"h\"]\n"), "suites/t.toml:16: table[0].columns[1]: label \"h\" is listed twice; expected each label once"),
        (with_table("scenarios = [\"hello\", \"xml\"]\ncolumns = [\"h\", \" \"]\n"), "suites/t.toml:16: table[0].columns[1]: an empty label; expected a short label such as \"h2\""),
        (with_table("title = \"\"\nscenarios = [\"hello\", \"xml\"]\n"), "suites/t.toml:15: table[0].title: an empty title; expected a title, or no title for the scenarios' names"),
        (with_table("scenarios = [\"hello\", \"xml\"]\nlabel = \"x\"\n"), "suites/t.toml:16: table[0].label: unknown key; expected one of title, scenarios, columns"),
        (with_table("scenarios = \"hello\"\n"), "suites/t.toml:15: table[0].scenarios: invalid type: string \"hello\"; expected an array"),
        (with_table("scenarios = [\"hello\", \"xml\"]\n[[table]]\nscenarios = [\"xml\", \"x\"]\n"), "suites/t.toml:17: table[1].scenarios[1]: unknown scenario \"x\"; expected one of hello, xml"),
    ];
    for (text, want) in table {
        assert_eq!(&error(text), want, "{text}");
    }
    // A capacity search has no levels to put side by side.
    let text = format!(
        "{}[[table]]\nscenarios = [\"hello\", \"cap\"]\n",
        with_search(r#"{ errors = "0%" }"#)
    );
    assert_eq!(
        error(&text),
        "suites/t.toml:16: table[0].scenarios[1]: scenario \"cap\" is a capacity search, which has no levels; expected one of hello"
    );
}
