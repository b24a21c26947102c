# Pulisci il Multisala (MS-1..MS-13): engine.py, bot.py, cards.py (card
# format, default deck, transcription loader), scoring.py (pure round
# scoring), records.py (solo record, pure) and record.py (its file).
