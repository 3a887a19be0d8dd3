package inspect

import "testing"

func TestTableCSVQuotesAndNumbers(t *testing.T) {
	a, b := 0.1, 0.2 // variables: constants would add exactly
	tb := Table{Columns: []string{"name", "value"}, Rows: [][]string{{"a, b", Num(a + b)}, {`say "hi"`, Num32(0.3)}}}
	want := "name,value\n\"a, b\",0.30000000000000004\n\"say \"\"hi\"\"\",0.3\n"
	if got := tb.CSV(); got != want {
		t.Errorf("CSV\n%q\nwant\n%q", got, want)
	}
	if f := F("x", float32(0.1)); f.Value != "0.1" {
		t.Errorf("float32 field %q, want the stored value's shortest form", f.Value)
	}
	if Hex(uint32(0x1c4)) != "0x1c4" || Int(int16(-5)) != "-5" {
		t.Error("Hex/Int")
	}
}
