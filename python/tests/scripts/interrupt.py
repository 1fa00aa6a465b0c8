# Interrupting: Control.interrupt from another thread, the GIL released
# while solving, and Ctrl-C during a solve.
import clingo, os, signal, threading, time

QUEENS = ("q(1..n). 1 { at(X,Y) : q(Y) } 1 :- q(X). :- at(X1,Y), at(X2,Y), X1 < X2."
          " :- at(X1,Y1), at(X2,Y2), X1 < X2, X2-X1 == |Y2-Y1|.")
ctl = clingo.Control(["0", "-c", "n=13"])
ctl.add("base", [], QUEENS)
ctl.ground([("base", [])])
threading.Timer(0.3, ctl.interrupt).start()
r = ctl.solve()
print("interrupt:", r, r.interrupted, r.exhausted)

count = [0]
stop = [False]
def spin():
    while not stop[0]:
        count[0] += 1
        time.sleep(0.001)
t = threading.Thread(target=spin)
t.start()
threading.Timer(0.5, ctl.interrupt).start()
r = ctl.solve()
stop[0] = True
t.join()
print("other thread ran:", count[0] > 10, r.interrupted)

threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    ctl.solve()
    print("no KeyboardInterrupt")
except KeyboardInterrupt:
    print("KeyboardInterrupt")
# the control is usable afterwards
ctl = clingo.Control()
ctl.add("base", [], "a.")
ctl.ground([("base", [])])
print("after:", ctl.solve())
