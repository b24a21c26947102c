# The Theatre: Suit Card sequencing, round resolution, deck counts and
# elimination, and the deck validator (TH-1..TH-13).
