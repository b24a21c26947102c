# Take a Seat: solo Automa and scoring (rules TS-1..TS-22, docs/rules/takeaseat.md).
