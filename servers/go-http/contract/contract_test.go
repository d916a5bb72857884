package contract

import "testing"

func TestNegotiate(t *testing.T) {
	cases := map[string]Encoding{
		"br;q=1, gzip;q=0.8": Brotli,
		"gzip, br":           Brotli,
		"gzip":               Gzip,
		"br;q=0, gzip":       Gzip,
		"gzip;q=1, br;q=0.5": Gzip,
		"*":                  Brotli,
		"":                   Identity,
		"identity":           Identity,
		"gzip;q=0":           Identity,
	}
	for accept, want := range cases {
		if got := Negotiate(accept); got != want {
			t.Errorf("Negotiate(%q) = %v, want %v", accept, got, want)
		}
	}
}

func TestNumbers(t *testing.T) {
	if n, ok := Integer("-12"); !ok || n != -12 {
		t.Errorf("Integer(-12) = %d %v", n, ok)
	}
	for _, bad := range []string{"", "-", "+1", "1.5", "1234567890123456789", " 1"} {
		if _, ok := Integer(bad); ok {
			t.Errorf("Integer(%q) accepted", bad)
		}
	}
	if n, ok := Count("51"); !ok || n != 50 {
		t.Errorf("Count(51) = %d %v", n, ok)
	}
	if m, ok := Multiplier("m=99999999999999999999999"); !ok || m != MaxMultiplier {
		t.Errorf("Multiplier clamps: %d %v", m, ok)
	}
	if m, ok := Multiplier("x=1"); !ok || m != 1 {
		t.Errorf("Multiplier absent: %d %v", m, ok)
	}
	if _, ok := Multiplier("m="); ok {
		t.Error("Multiplier accepted m=")
	}
	if sum, why := BaselineQuery("a=-3&b=10"); why != "" || sum != 7 {
		t.Errorf("BaselineQuery = %d %q", sum, why)
	}
	if n, ok := BaselineBody([]byte(" 42\r\n")); !ok || n != 42 {
		t.Errorf("BaselineBody = %d %v", n, ok)
	}
}

func TestQueryParam(t *testing.T) {
	cases := []struct{ query, want string }{
		{"value=a+b", "a b"},
		{"value=a%2Bb", "a+b"},
		{"value=100%", "100%"},
		{"value=%ff", "\uFFFD"},
		{"va%6Cue=x", "x"},
		{"value=1&value=2", "1"},
	}
	for _, c := range cases {
		if got, ok := QueryParam(c.query, "value"); !ok || got != c.want {
			t.Errorf("QueryParam(%q) = %q", c.query, got)
		}
	}
}

func TestDatabaseRules(t *testing.T) {
	for query, want := range map[string]int{"": 1, "queries=": 1, "queries=foo": 1, "queries=0": 1,
		"queries=-3": 1, "queries=7": 7, "queries=500": 500, "queries=501": 500, "queries=99999999999999999999": 1} {
		if got := Queries(query); got != want {
			t.Errorf("Queries(%q) = %d, want %d", query, got, want)
		}
	}
	if lo, hi, limit := ItemSearch(""); lo != 10 || hi != 50 || limit != 50 {
		t.Errorf("ItemSearch default = %d %d %d", lo, hi, limit)
	}
	if lo, hi, limit := ItemSearch("min=x&max=9999&limit=0"); lo != 10 || hi != 9999 || limit != 1 {
		t.Errorf("ItemSearch = %d %d %d", lo, hi, limit)
	}
	page := string(FortunesPage([]Fortune{{2, "b & <c>"}, {1, "フ"}, {3, "a'\""}}))
	want := fortunesHead + "<tr><td>0</td><td>Additional fortune added at request time.</td></tr>" +
		"<tr><td>3</td><td>a&#39;&quot;</td></tr><tr><td>2</td><td>b &amp; &lt;c&gt;</td></tr>" +
		"<tr><td>1</td><td>フ</td></tr>" + fortunesTail
	if page != want {
		t.Errorf("FortunesPage = %s", page)
	}
}
