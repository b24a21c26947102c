# Seat Wars: the cards stay physical; the device keeps the score, runs the
# turn and action count, settles seat challenges and triggers the end
# (decisions SW-1..SW-8, docs/rules/seatwars.md).
